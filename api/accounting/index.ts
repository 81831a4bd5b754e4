export { AgingBucketsOutput } from './report.output';
export { agingBucketAnswers, ReportLineAnswer } from './accounting.openapi';
