/** The content module's public face: the demo data it seeds. */
export { seedDemoDistributors } from './demo-distributors';
export { DEMO_SURVEY_ID, seedDemoSurvey } from './survey/demo-survey';
export type { ContentContext } from './context';
export { contentModule } from './manifest';
