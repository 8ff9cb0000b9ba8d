/** What other modules' tests may use of this module (test set-up only; production code never imports it). */
export { SeededRandom } from './demo/random';
export { seedDemoCatalogue } from './demo/seed';
export { importCatalogueCsv } from './import-catalogue';
export { fixtureItems, loadFixtureCatalogue, seedItems } from './test-fixture';
export { cameraJpeg, multipart, type Part } from './photos/test-images';
