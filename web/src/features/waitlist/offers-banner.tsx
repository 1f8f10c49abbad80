import { can } from '@dental/domain/permissions/can';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useAuth } from '../../platform/auth/auth-context.tsx';
import { useLanguage } from '../../platform/i18n/language-provider.tsx';
import { slotClock } from './offer-time.ts';
import { useRefreshOnSync, useWaitlistOffers } from './waitlist-api.ts';

/**
 * Over the schedule: the day's open waitlist offers, one line per freed slot ('2 waitlist patients fit
 * the freed 10:30 slot'), with a link to the offers. Nothing when there are none, offline or without
 * the waitlist permission.
 */
export function WaitlistOffersBanner({ date, timeZone }: { date: string; timeZone: string }) {
  // Re-renders with the language.
  useLingui();
  const { user } = useAuth();
  const { language } = useLanguage();
  const offers = useWaitlistOffers(date, can(user, 'waitlist.view'));
  useRefreshOnSync();
  if (!offers.data || offers.data.length === 0) return null;

  const slots = new Map<string, { first: string; count: number; room: string; time: string }>();
  for (const offer of offers.data) {
    const key = `${offer.appointmentDate}\u0000${offer.treatmentRoom}`;
    const slot = slots.get(key);
    if (slot) slot.count += 1;
    else
      slots.set(key, {
        first: offer.id,
        count: 1,
        room: offer.treatmentRoom,
        time: slotClock(offer.appointmentDate, timeZone, language),
      });
  }
  return (
    <Alert
      color="teal"
      variant="light"
      icon={<IconUsersGroup size={18} />}
      data-testid="waitlist-banner"
      aria-label={plural(slots.size, { one: 'Waitlist offer', other: 'Waitlist offers' })}
      py="xs"
    >
      {[...slots.values()].map(({ first, count, room, time }) => (
        <Group key={first} gap="xs" wrap="wrap">
          <Text size="sm">
            {plural(count, {
              one: `# waitlist patient fits the freed ${time} slot in ${room}`,
              other: `# waitlist patients fit the freed ${time} slot in ${room}`,
            })}
          </Text>
          <Button
            size="compact-sm"
            renderRoot={(props) => <Link {...props} to="/waitlist" search={{ offer: first }} />}
          >
            <Trans>View offers</Trans>
          </Button>
        </Group>
      ))}
    </Alert>
  );
}
