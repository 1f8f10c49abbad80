import '@mantine/dates/styles.css';
import { DateInput, TimeInput } from '@mantine/dates';

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
  return (
    <>
      <DateInput
        label={`${props.which} date`}
        required
        value={props.date || null}
        onChange={(value) => props.onDate(value ? value.slice(0, 10) : '')}
        valueFormat="MMM D, YYYY"
        error={props.dateError}
        popoverProps={{ withinPortal: true }}
      />
      <TimeInput
        label={`${props.which} time`}
        required
        value={props.time}
        onChange={(event) => props.onTime(event.currentTarget.value)}
        error={props.timeError}
      />
    </>
  );
}
