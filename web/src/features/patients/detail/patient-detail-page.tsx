import { Text } from '@mantine/core';
import { useParams } from '@tanstack/react-router';

/** The patient page; its content comes with the patient detail work. */
export function PatientDetailPage() {
  const { id } = useParams({ from: '/app/patients/$id' });
  return <Text>Patient {id}</Text>;
}
