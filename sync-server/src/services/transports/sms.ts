import { type Outgoing, type Transport, TransportError } from './transport.ts';

export interface SmsSettings {
  /** A Twilio-compatible Messages endpoint; null logs each SMS instead of sending it. */
  url: string | null;
  from: string;
  accountSid: string;
  authToken: string;
}

/** E.164 for North American numbers kept as 10 digits; anything else as stored. */
function e164(phone: string): string {
  return /^\d{10}$/.test(phone) ? `+1${phone}` : phone;
}

/** SMS through a provider's HTTP API (form-encoded To, From, Body; basic auth), or the log when none is set. */
export function smsTransport(settings: SmsSettings, log: (message: Outgoing) => void): Transport {
  const { url } = settings;
  if (!url) return { send: async (message) => log(message) };
  const auth = Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64');
  return {
    async send(message) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { authorization: `Basic ${auth}`, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ To: e164(message.to), From: settings.from, Body: message.body }),
        });
      } catch (error) {
        throw new TransportError(error instanceof Error ? error.message : String(error), false);
      }
      if (response.ok) return;
      const text = (await response.text()).slice(0, 300);
      // 4xx: the provider refuses this message (bad number, opted out); 5xx and 429: try again later.
      const permanent = response.status >= 400 && response.status < 500 && response.status !== 429;
      throw new TransportError(`SMS provider answered ${response.status}: ${text}`, permanent);
    },
  };
}
