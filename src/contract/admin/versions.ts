import { z } from 'zod';

/** The version a back office editor loaded: a save with an older one than the stored row is 409. */
export const versionSchema = z
  .number({ error: 'version must be a whole number' })
  .int('version must be a whole number')
  .min(1, 'version must be 1 or more');
