import { formatClock, formatMediumDate } from '@dental/domain/i18n/formats';
import type { PublicSlot } from '@dental/domain/public/public-api';
import type { PatientLanguage } from '@dental/domain/public/public-token';
import { Button, SimpleGrid, Stack, Text } from '@mantine/core';

/** Free times as large buttons; a time on another day than the one shown (offered after a refusal) names its day. */
export function SlotButtons({
  slots,
  day,
  language,
  onChoose,
}: {
  slots: readonly PublicSlot[];
  day: string;
  language: PatientLanguage;
  onChoose: (slot: PublicSlot) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm" data-testid="slots">
      {slots.map((slot) => (
        <Button
          key={`${slot.date}-${slot.time}-${slot.providerId}`}
          variant="default"
          size="lg"
          h="auto"
          mih={56}
          py={8}
          onClick={() => onChoose(slot)}
        >
          <Stack gap={0} align="center">
            {slot.date !== day && (
              <Text size="xs" fw={600}>
                {formatMediumDate(slot.date, language)}
              </Text>
            )}
            <Text fw={700}>{formatClock(slot.time, language)}</Text>
            {slot.provider && (
              <Text size="xs" c="dimmed">
                {slot.provider}
              </Text>
            )}
          </Stack>
        </Button>
      ))}
    </SimpleGrid>
  );
}
