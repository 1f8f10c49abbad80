import {
  CDANET_VERSIONS,
  type CdanetConfiguration,
  type CdanetVersion,
  type SampleCarrier,
} from '@dental/domain/cdanet/configuration';
import { can } from '@dental/domain/permissions/can';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, apiRequest } from '../../platform/api/api.ts';
import { useAuth } from '../../platform/auth/auth-context.tsx';
import { domainText } from '../../platform/i18n/domain-text.ts';
import { toast } from '../../platform/toasts/toast.ts';

interface CdanetAnswer {
  configuration: CdanetConfiguration;
  providers: { id: number; displayName: string; role: string }[];
  sampleCarriers: { sample: true; carriers: SampleCarrier[] };
}

/** /cdanet-configuration (settings.view; saving needs settings.edit): what insurance claims will need. */
export function CdanetConfigurationPage() {
  const { t } = useLingui();
  const { user } = useAuth();
  const practiceId = user?.currentPracticeId ?? null;
  const editable = Boolean(user && can(user, 'settings.edit'));
  const queryClient = useQueryClient();
  const answer = useQuery({
    queryKey: ['cdanet-configuration', practiceId],
    queryFn: ({ signal }) => apiRequest<CdanetAnswer>('/api/cdanet-configuration', { signal }),
  });
  const [draft, setDraft] = useState<CdanetConfiguration | null>(null);
  useEffect(() => {
    if (answer.data) setDraft(answer.data.configuration);
  }, [answer.data]);
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);

  const save = useMutation({
    mutationFn: (next: CdanetConfiguration) =>
      apiRequest<CdanetAnswer>('/api/cdanet-configuration', {
        method: 'PUT',
        body: {
          officeNumber: next.officeNumber || null,
          providerNumbers: Object.fromEntries(
            Object.entries(next.providerNumbers).filter(([, number]) => number !== ''),
          ),
          claimDefaults: next.claimDefaults,
        },
      }),
    onSuccess: (saved) => {
      setFieldError(null);
      queryClient.setQueryData(['cdanet-configuration', practiceId], saved);
      toast(t`CDAnet configuration saved`, undefined, 'success');
    },
    onError: (error) => {
      const body = error instanceof ApiError ? (error.body as { field?: string } | null) : null;
      const message = error instanceof ApiError ? domainText(error.message) : t`Please try again.`;
      setFieldError({ field: String(body?.field ?? ''), message });
      toast(t`CDAnet configuration not saved`, message, 'error');
    },
  });

  if (answer.isPending || (!draft && !answer.isError)) return <Loader aria-label={t`Loading`} />;
  if (answer.isError || !draft || !answer.data) {
    return (
      <Alert color="red">
        <Trans>The CDAnet configuration could not be loaded.</Trans>
      </Alert>
    );
  }
  const { providers, sampleCarriers } = answer.data;
  const errorOf = (field: string) => (fieldError?.field.startsWith(field) ? fieldError.message : undefined);
  const update = (change: Partial<CdanetConfiguration>) => setDraft({ ...draft, ...change });

  return (
    <Stack gap="lg" maw={900}>
      <Title order={1}>
        <Trans>CDAnet configuration</Trans>
      </Title>
      {!editable && (
        <Alert color="gray">
          <Trans>You can view this configuration; changing it needs the Edit settings permission.</Trans>
        </Alert>
      )}
      <Card withBorder>
        <Stack gap="sm">
          <Title order={2} size="h4">
            <Trans>Office</Trans>
          </Title>
          <TextInput
            label={t`CDAnet office number`}
            description={t`Exactly 4 digits, as assigned to the office.`}
            value={draft.officeNumber ?? ''}
            onChange={(event) => update({ officeNumber: event.currentTarget.value })}
            error={errorOf('officeNumber')}
            readOnly={!editable}
            maw={240}
            inputMode="numeric"
          />
        </Stack>
      </Card>
      <Card withBorder>
        <Stack gap="sm">
          <Title order={2} size="h4">
            <Trans>Providers' CDA numbers</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>Exactly 9 digits each. Leave empty for a provider who does not submit claims.</Trans>
          </Text>
          {errorOf('providerNumbers') && (
            <Text c="red" size="sm">
              {errorOf('providerNumbers')}
            </Text>
          )}
          <Table>
            <Table.Tbody>
              {providers.map((provider) => (
                <Table.Tr key={provider.id}>
                  <Table.Td>{provider.displayName}</Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={t`CDA number of ${provider.displayName}`}
                      value={draft.providerNumbers[String(provider.id)] ?? ''}
                      onChange={(event) =>
                        update({
                          providerNumbers: {
                            ...draft.providerNumbers,
                            [String(provider.id)]: event.currentTarget.value,
                          },
                        })
                      }
                      readOnly={!editable}
                      maw={220}
                      inputMode="numeric"
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      </Card>
      <Card withBorder>
        <Stack gap="sm">
          <Title order={2} size="h4">
            <Trans>Claim defaults</Trans>
          </Title>
          <Select
            label={t`CDAnet version`}
            data={CDANET_VERSIONS.map((version) => ({ value: version, label: version }))}
            value={draft.claimDefaults.cdanetVersion}
            onChange={(value) =>
              value && update({ claimDefaults: { ...draft.claimDefaults, cdanetVersion: value as CdanetVersion } })
            }
            allowDeselect={false}
            readOnly={!editable}
            maw={200}
          />
          <Checkbox
            label={t`Assign benefits to the provider`}
            checked={draft.claimDefaults.assignBenefitsToProvider}
            onChange={(event) =>
              editable &&
              update({
                claimDefaults: { ...draft.claimDefaults, assignBenefitsToProvider: event.currentTarget.checked },
              })
            }
          />
          <Select
            label={t`Default carrier`}
            data={[
              { value: '', label: t`None` },
              ...sampleCarriers.carriers.map((carrier) => ({ value: carrier.id, label: carrier.name })),
            ]}
            value={draft.claimDefaults.defaultCarrierId ?? ''}
            onChange={(value) =>
              update({ claimDefaults: { ...draft.claimDefaults, defaultCarrierId: value ? value : null } })
            }
            allowDeselect={false}
            readOnly={!editable}
            maw={360}
          />
        </Stack>
      </Card>
      <Card withBorder>
        <Stack gap="sm">
          <Group gap="sm">
            <Title order={2} size="h4">
              <Trans>Carriers</Trans>
            </Title>
            <Badge color="orange.9" variant="filled">
              <Trans>Sample list</Trans>
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            <Trans>
              A sample list for trying the set-up: the names are Canadian insurers, the identifiers are not their real
              CDAnet carrier ids.
            </Trans>
          </Text>
          <Table>
            <Table.Tbody>
              {sampleCarriers.carriers.map((carrier) => (
                <Table.Tr key={carrier.id}>
                  <Table.Td ff="monospace">{carrier.id}</Table.Td>
                  <Table.Td>{carrier.name}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      </Card>
      {editable && (
        <Group>
          <Button onClick={() => save.mutate(draft)} loading={save.isPending}>
            <Trans>Save CDAnet configuration</Trans>
          </Button>
        </Group>
      )}
    </Stack>
  );
}
