import { z } from 'zod';

/** The version a back office editor loaded: a save with an older one than the stored row is 409. */
export const versionSchema = z
  .number({ error: 'Version must be a whole number.' })
  .int('Version must be a whole number.')
  .min(1, 'Version must be 1 or more.');
