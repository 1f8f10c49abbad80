/** How the front desk names the waiting areas of spec 9. */
export const WAITING_AREA_LABELS: Readonly<Record<string, string>> = {
  main: 'Main waiting room',
  private: 'Private room',
  pediatric: 'Pediatric area',
  operatory: 'Operatory',
};
