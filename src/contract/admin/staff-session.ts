import { z } from 'zod';
import { WAREHOUSES } from '../order-lifecycle';
import { PERMISSIONS, ROLES } from './permissions';

// A file of its own, without the text rules (contract/text.ts) and so without the labels and plain
// words: the session is read by every screen of the back office, its first (the dashboard) too,
// which parses no input a person typed and loads neither (docs/decisions/0038-admin-first-load.md).

export const roleSchema = z.enum(ROLES);
export const permissionSchema = z.enum(PERMISSIONS);
export const warehouseSchema = z.enum(WAREHOUSES);
export type WarehouseCode = z.infer<typeof warehouseSchema>;

export const staffSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  roles: z.array(roleSchema),
  /** A warehouse member limited to one warehouse; null: both. */
  warehouse: warehouseSchema.nullable(),
});
export type Staff = z.infer<typeof staffSchema>;

export const staffSessionSchema = z.object({
  staff: staffSchema,
  csrfToken: z.string(),
  /** What the roles allow: the admin app shows exactly these. */
  permissions: z.array(permissionSchema),
  totpEnabled: z.boolean(),
});
export type StaffSession = z.infer<typeof staffSessionSchema>;
