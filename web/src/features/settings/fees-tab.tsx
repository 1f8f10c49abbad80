import { can } from '@dental/domain/permissions/can';
import { FEE_CSV_MAX_ROWS, parseFeeCsv } from '@dental/domain/settings/fee-csv';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  List,
  Loader,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useAuth } from '../../platform/auth/auth-context.tsx';
import { domainText } from '../../platform/i18n/domain-text.ts';
import { useLanguage } from '../../platform/i18n/language-provider.tsx';
import { toast } from '../../platform/toasts/toast.ts';
import { failureText } from './failure.ts';
import { useFeeSchedule, useSettingsWrites } from './settings-api.ts';

function FeeCell(props: { code: string; fee: number; practiceId: number; editable: boolean }) {
  const { t } = useLingui();
  const writes = useSettingsWrites(props.practiceId);
  const [dollars, setDollars] = useState<number>(props.fee / 100);
  const changed = Math.round(dollars * 100) !== props.fee;
  const save = async () => {
    try {
      await writes.editFee.mutateAsync({ code: props.code, fee: Math.round(dollars * 100) });
      toast(t`Fee updated`, undefined, 'success');
    } catch (error) {
      toast(t`Update failed`, failureText(error, t`Please try again.`), 'error');
    }
  };
  return (
    <Group gap="xs" wrap="nowrap">
      <NumberInput
        aria-label={t`Fee for ${props.code}`}
        value={dollars}
        onChange={(value) => setDollars(Number(value) || 0)}
        min={0}
        max={100_000}
        decimalScale={2}
        fixedDecimalScale
        prefix="$"
        w={130}
        disabled={!props.editable}
      />
      {props.editable && changed && (
        <Button size="xs" onClick={() => void save()} loading={writes.editFee.isPending}>
          <Trans>Save</Trans>
        </Button>
      )}
    </Group>
  );
}

export function FeesTab({ practiceId }: { practiceId: number }) {
  const { t } = useLingui();
  const { user } = useAuth();
  const { language } = useLanguage();
  const schedule = useFeeSchedule(practiceId);
  const writes = useSettingsWrites(practiceId);
  const editable = can(user, 'settings.edit');
  const [errors, setErrors] = useState<string[]>([]);
  const money = new Intl.NumberFormat(language === 'fr' ? 'fr-CA' : 'en-CA', { style: 'currency', currency: 'CAD' });

  const importFile = async (file: File | null) => {
    setErrors([]);
    if (!file) return;
    const csv = await file.text();
    // Checked here first, by the same rules the server applies, so every bad line shows before anything is sent.
    const parsed = parseFeeCsv(csv);
    if (!parsed.ok) {
      setErrors(parsed.errors.map(domainText));
      return;
    }
    if (parsed.rows.length > FEE_CSV_MAX_ROWS) {
      setErrors([t`The file has more than ${FEE_CSV_MAX_ROWS} fees.`]);
      return;
    }
    try {
      const result = await writes.importFees.mutateAsync(csv);
      const { created, updated } = result;
      toast(t`Fees imported`, t`${created} added, ${updated} updated.`, 'success');
    } catch (error) {
      setErrors([failureText(error, t`Please try again.`)]);
    }
  };

  if (!schedule.data) return <Loader />;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3}>
            <Trans>Fee schedule</Trans>
          </Title>
          {schedule.data.sample && (
            <Badge color="orange" variant="light" size="lg">
              <Trans>SAMPLE</Trans>
            </Badge>
          )}
        </Group>
        {schedule.data.sample && (
          <Alert color="orange" title={t`Sample fee schedule`}>
            {domainText(schedule.data.label)}
          </Alert>
        )}
        {editable && (
          <Stack gap={4}>
            <FileInput
              label={t`Import fees from CSV`}
              description={t`Header: code,description,category,fee (fee in dollars, like 125.50). Any invalid line refuses the whole file.`}
              accept=".csv,text/csv"
              placeholder={t`Choose a CSV file`}
              clearable
              onChange={(file) => void importFile(file)}
              w={{ base: '100%', sm: 420 }}
            />
            {errors.length > 0 && (
              <Alert color="red" title={t`The file was not imported`}>
                <List size="sm">
                  {errors.map((error) => (
                    <List.Item key={error}>{error}</List.Item>
                  ))}
                </List>
              </Alert>
            )}
          </Stack>
        )}
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label={t`Fee schedule`} verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Code</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Description</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Category</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Fee</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {schedule.data.fees.map((fee) => (
                <Table.Tr key={fee.code}>
                  <Table.Td>{fee.code}</Table.Td>
                  <Table.Td>{fee.description}</Table.Td>
                  <Table.Td>{fee.category}</Table.Td>
                  <Table.Td>
                    {editable ? (
                      <FeeCell key={fee.fee} code={fee.code} fee={fee.fee} practiceId={practiceId} editable />
                    ) : (
                      <Text size="sm">{money.format(fee.fee / 100)}</Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
