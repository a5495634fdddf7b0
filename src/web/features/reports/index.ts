export { ReportMenu } from './components/report-menu.js';
