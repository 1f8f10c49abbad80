import { formatMediumDate } from '@dental/domain/i18n/formats';
import { MESSAGE_TEXTS } from '@dental/domain/messages';
import { can } from '@dental/domain/permissions/can';
import { WEEK_DISPLAY_ORDER } from '@dental/domain/practices/hours';
import { localDate } from '@dental/domain/time/zones';
import { uuid } from '@dental/domain/validation/fields';
import type { WaitlistEntry, WaitlistOffer } from '@dental/domain/waitlist/entry';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import * as v from 'valibot';
import { ApiError } from '../../platform/api/api.ts';
import { useAuth } from '../../platform/auth/auth-context.tsx';
import { say } from '../../platform/i18n/domain-text.ts';
import { useLanguage } from '../../platform/i18n/language-provider.tsx';
import { serverErrorText } from '../../platform/i18n/server-error.ts';
import { useLocalData } from '../../platform/offline/local-data.tsx';
import { toast } from '../../platform/toasts/toast.ts';
import { EntryForm } from './entry-form.tsx';
import { PART_OF_DAY_LABELS, PRIORITY_COLOURS, PRIORITY_LABELS, weekdayLabel } from './labels.ts';
import { slotLabel } from './offer-time.ts';
import { useRefreshOnSync, useWaitlistEntries, useWaitlistOffers, useWaitlistWrites } from './waitlist-api.ts';

/** Dates, times and badges stay on one line; names and places wrap. */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

const offerParam = v.object({ offer: v.optional(uuid('offer')) });

/** The offer the address names (?offer=<id>, a notification's link), if it is a well-formed id. */
function useLinkedOffer(): string | undefined {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const parsed = v.safeParse(offerParam, { offer: search.offer });
  return parsed.success ? parsed.output.offer : undefined;
}

function failureText(error: unknown, fallback: string): string {
  return (error instanceof ApiError ? serverErrorText(error.body) : undefined) ?? fallback;
}

function OffersSection(props: { offers: WaitlistOffer[] | undefined; loading: boolean; highlighted?: string }) {
  const { t } = useLingui();
  const { user } = useAuth();
  const { language } = useLanguage();
  const { timezone } = useLocalData();
  const writes = useWaitlistWrites();
  const highlightedRow = useRef<HTMLTableRowElement>(null);
  const canAnswer = can(user, 'waitlist.edit');
  const canBook = canAnswer && can(user, 'appointments.create');
  // Scrolled to once it is drawn: a notification's link lands on its offer.
  const highlightedShown = props.offers?.some((offer) => offer.id === props.highlighted) ?? false;
  useEffect(() => {
    if (highlightedShown) highlightedRow.current?.scrollIntoView({ block: 'center' });
  }, [highlightedShown]);

  const book = async (offer: WaitlistOffer) => {
    try {
      await writes.book.mutateAsync(offer.id);
      const patient = offer.patientName;
      toast(t`Appointment booked`, t`${patient} is booked and has left the waitlist.`, 'success');
    } catch (error) {
      toast(t`The slot could not be booked`, failureText(error, t`Please try again.`), 'error');
    }
  };
  const decline = async (offer: WaitlistOffer) => {
    try {
      await writes.decline.mutateAsync(offer.id);
    } catch (error) {
      toast(t`The offer could not be declined`, failureText(error, t`Please try again.`), 'error');
    }
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="waitlist-offers-title">
      <Stack gap="sm">
        <Title order={3} id="waitlist-offers-title">
          <Trans>Open offers</Trans>
        </Title>
        {props.loading ? (
          <Loader size="sm" aria-label={t`Loading offers`} />
        ) : !props.offers || props.offers.length === 0 ? (
          <Text c="dimmed">
            <Trans>
              No open offers. When a cancellation, a no-show or a move frees a slot, the waiting patients who fit it are
              offered it here.
            </Trans>
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={660}>
            <Table verticalSpacing="xs" fz="sm" aria-labelledby="waitlist-offers-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>Slot</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Patient</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Provider and room</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Expires</Trans>
                  </Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {props.offers.map((offer) => {
                  const highlighted = offer.id === props.highlighted;
                  const minutes = offer.duration;
                  return (
                    <Table.Tr
                      key={offer.id}
                      ref={highlighted ? highlightedRow : undefined}
                      data-testid="waitlist-offer"
                      data-highlighted={highlighted || undefined}
                      bg={highlighted ? 'var(--mantine-primary-color-light)' : undefined}
                    >
                      <Table.Td style={NO_WRAP}>
                        <Text size="sm" fw={500}>
                          {slotLabel(offer.appointmentDate, timezone, language)}
                        </Text>
                        <Text size="xs" c="dimmed">
                          <Trans>{minutes} min</Trans>
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{offer.patientName}</Text>
                        <Text size="xs" c="dimmed">
                          {offer.procedure}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{offer.providerName}</Text>
                        <Text size="xs" c="dimmed">
                          {offer.treatmentRoom}
                        </Text>
                      </Table.Td>
                      <Table.Td style={NO_WRAP}>
                        <Text size="sm">{slotLabel(offer.expiresAt, timezone, language)}</Text>
                      </Table.Td>
                      <Table.Td>
                        {canAnswer && (
                          <Group gap="xs" justify="flex-end" wrap="nowrap">
                            {canBook && (
                              <Button
                                size="compact-sm"
                                onClick={() => void book(offer)}
                                loading={writes.book.isPending && writes.book.variables === offer.id}
                              >
                                <Trans>Book</Trans>
                              </Button>
                            )}
                            <Button
                              size="compact-sm"
                              variant="default"
                              onClick={() => void decline(offer)}
                              loading={writes.decline.isPending && writes.decline.variables === offer.id}
                            >
                              <Trans>Decline</Trans>
                            </Button>
                          </Group>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

function days(entry: WaitlistEntry, anyDay: string): string {
  if (entry.weekdays.length === 0) return anyDay;
  return WEEK_DISPLAY_ORDER.filter((weekday) => entry.weekdays.includes(weekday))
    .map(weekdayLabel)
    .join(', ');
}

function EntriesSection(props: {
  entries: WaitlistEntry[] | undefined;
  loading: boolean;
  onEdit(entry: WaitlistEntry): void;
  onRemove(entry: WaitlistEntry): void;
}) {
  const { t, i18n } = useLingui();
  const { user } = useAuth();
  const { language } = useLanguage();
  const { timezone } = useLocalData();
  const canEdit = can(user, 'waitlist.edit');
  const canRemove = can(user, 'waitlist.delete');
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="waitlist-entries-title">
      <Stack gap="sm">
        <Title order={3} id="waitlist-entries-title">
          <Trans>Waiting patients</Trans>
        </Title>
        {props.loading ? (
          <Loader size="sm" aria-label={t`Loading the waitlist`} />
        ) : !props.entries || props.entries.length === 0 ? (
          <Text c="dimmed">
            <Trans>No patients are waiting for an earlier slot.</Trans>
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={680}>
            <Table verticalSpacing="xs" fz="sm" highlightOnHover aria-labelledby="waitlist-entries-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>Patient</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Procedure</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Provider</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>When</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Priority</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Waiting since</Trans>
                  </Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {props.entries.map((entry) => {
                  const minutes = entry.duration;
                  const name = entry.patientName;
                  return (
                    <Table.Tr key={entry.id} data-testid="waitlist-entry">
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {entry.patientName}
                        </Text>
                        {entry.status === 'offered' && (
                          <Badge size="xs" variant="dot" color="teal">
                            <Trans>Offered</Trans>
                          </Badge>
                        )}
                        {entry.notes && (
                          <Text size="xs" c="dimmed" lineClamp={1}>
                            {entry.notes}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{entry.procedure}</Text>
                        <Text size="xs" c="dimmed">
                          <Trans>{minutes} min</Trans>
                        </Text>
                      </Table.Td>
                      <Table.Td>{entry.providerName ?? t`Any provider`}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{days(entry, t`Any day`)}</Text>
                        <Text size="xs" c="dimmed">
                          {i18n._(PART_OF_DAY_LABELS[entry.partOfDay])}
                        </Text>
                      </Table.Td>
                      <Table.Td style={NO_WRAP}>
                        <Badge variant="dot" color={PRIORITY_COLOURS[entry.priority]} miw="max-content">
                          {i18n._(PRIORITY_LABELS[entry.priority])}
                        </Badge>
                      </Table.Td>
                      <Table.Td style={NO_WRAP}>
                        {formatMediumDate(localDate(entry.createdAt, timezone), language)}
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          {canEdit && (
                            <Tooltip label={t`Edit ${name}`}>
                              <ActionIcon
                                variant="subtle"
                                aria-label={t`Edit ${name}`}
                                onClick={() => props.onEdit(entry)}
                              >
                                <IconPencil size={16} />
                              </ActionIcon>
                            </Tooltip>
                          )}
                          {canRemove && (
                            <Tooltip label={t`Remove ${name} from the waitlist`}>
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                aria-label={t`Remove ${name} from the waitlist`}
                                onClick={() => props.onRemove(entry)}
                              >
                                <IconTrash size={16} />
                              </ActionIcon>
                            </Tooltip>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

function RemoveDialog(props: { entry: WaitlistEntry | null; onClose(): void }) {
  const { t } = useLingui();
  const writes = useWaitlistWrites();
  const name = props.entry?.patientName ?? '';
  const remove = async () => {
    if (!props.entry) return;
    try {
      await writes.remove.mutateAsync(props.entry.id);
      props.onClose();
    } catch (error) {
      toast(t`The entry could not be removed`, failureText(error, t`Please try again.`), 'error');
    }
  };
  return (
    <Modal opened={props.entry !== null} onClose={props.onClose} title={t`Remove from waitlist`} centered>
      <Stack gap="md">
        <Text>
          <Trans>Take {name} off the waitlist? Their open offers close.</Trans>
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button color="red" onClick={() => void remove()} loading={writes.remove.isPending}>
            <Trans>Remove</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

interface FormState {
  opened: boolean;
  session: number;
  entry: WaitlistEntry | null;
}

/** /waitlist: patients waiting for an earlier slot, and the freed slots offered to them (online). */
export function WaitlistPage() {
  const { t } = useLingui();
  const { user } = useAuth();
  const canView = can(user, 'waitlist.view');
  const entries = useWaitlistEntries(canView);
  const offers = useWaitlistOffers(undefined, canView);
  useRefreshOnSync();
  const linked = useLinkedOffer();
  const [form, setForm] = useState<FormState>({ opened: false, session: 0, entry: null });
  const [removing, setRemoving] = useState<WaitlistEntry | null>(null);
  const open = (entry: WaitlistEntry | null) =>
    setForm((current) => ({ opened: true, session: current.session + 1, entry }));

  if (!canView) {
    return (
      <Alert color="yellow" title={t`Waitlist`}>
        {say(MESSAGE_TEXTS.permissionDenied)}
      </Alert>
    );
  }
  const failed = entries.error ?? offers.error;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={2}>
          <Trans>Waitlist</Trans>
        </Title>
        {can(user, 'waitlist.create') && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => open(null)}>
            <Trans>Add to waitlist</Trans>
          </Button>
        )}
      </Group>
      {failed && (
        <Alert color="red" role="alert">
          {failureText(failed, t`The waitlist could not be loaded.`)}
        </Alert>
      )}
      <OffersSection offers={offers.data} loading={offers.isPending} highlighted={linked} />
      <EntriesSection
        entries={entries.data}
        loading={entries.isPending}
        onEdit={(entry) => open(entry)}
        onRemove={setRemoving}
      />
      {form.opened && (
        <EntryForm
          key={form.session}
          opened={form.opened}
          entry={form.entry}
          onClose={() => setForm((current) => ({ ...current, opened: false }))}
        />
      )}
      <RemoveDialog entry={removing} onClose={() => setRemoving(null)} />
    </Stack>
  );
}
