/** Clinical charts: the odontogram, the periodontal chart, clinical notes and the chart lock, read from the device. */
export const loadClinicalChartPage = () => import('./page/clinical-chart-page.tsx');
