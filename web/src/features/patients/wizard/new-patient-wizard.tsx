import { NewPatientForm } from '../new-patient-form.tsx';

/** The New Patient flow opened from the list and the header. */
export function NewPatientWizard({ opened, onClose }: { opened: boolean; onClose(): void }) {
  return <NewPatientForm opened={opened} onClose={onClose} />;
}
