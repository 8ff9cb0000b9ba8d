/** Test helpers of the reports module, for other modules' tests. */
export { readSummaries, recountSummaries } from './recount';
