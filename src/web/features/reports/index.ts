/** What other features use of reports: the card's Report menu, reporting a member or a message (decision 046), and the profile's list. */
export { ReportMenu } from './components/report-menu.js';
export { MyReportsSection } from './components/my-reports-section.js';
export { PersonReportDialog } from './components/person-report.js';
export type { ReportTarget } from './api/report-person.js';
