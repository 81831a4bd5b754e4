export { AgingBucketsOutput } from './report.output';
