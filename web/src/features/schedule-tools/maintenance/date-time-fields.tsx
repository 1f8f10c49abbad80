import '@mantine/dates/styles.css';
import { useLingui } from '@lingui/react/macro';
import { DateInput, TimeInput } from '@mantine/dates';
import { useFormats } from '../../../platform/i18n/formats.ts';
import { dateInputProps } from '../absence/absence-steps.tsx';

/** One end of the window: its day and its time on the practice's clock. */
export function DateTimeFields(props: {
  which: 'Start' | 'End';
  date: string;
  time: string;
  dateError?: string;
  timeError?: string;
  onDate(value: string): void;
  onTime(value: string): void;
}) {
  const { t } = useLingui();
  const formats = useFormats();
  const start = props.which === 'Start';
  return (
    <>
      <DateInput
        label={start ? t`Start date` : t`End date`}
        required
        value={props.date || null}
        onChange={(value) => props.onDate(value ? value.slice(0, 10) : '')}
        {...dateInputProps(formats, false)}
        error={props.dateError}
        popoverProps={{ withinPortal: true }}
      />
      <TimeInput
        label={start ? t`Start time` : t`End time`}
        required
        value={props.time}
        onChange={(event) => props.onTime(event.currentTarget.value)}
        error={props.timeError}
      />
    </>
  );
}
