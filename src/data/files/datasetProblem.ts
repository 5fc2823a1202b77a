/**
 * One thing wrong with a set of files: the type lives with the page's view of a dataset
 * (config/datasetView.ts); re-exported here for the data layer's modules. No DOM.
 */
export { hasErrors, type DatasetProblem } from '../../config/datasetView';
