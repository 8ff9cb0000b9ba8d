/** The staff module's public face: who is acting on an admin request, the webhook events other modules publish, the demo staff. */
export { ADMIN_PREFIX, actorOf, callerCan, registerStaffAuth, requirePermission, requireStaff, warehouseLimit } from './staff-auth';
export { allows } from './service';
export { actingStaffMember } from './acting';
export type { WebhookEvents } from './webhooks/events';
export { DEMO_STAFF, seedDemoStaff } from './demo-staff';
export type { StaffContext } from './context';
export { staffModule } from './manifest';
