import type { DeliveryChannel } from '@dental/domain/communications/delivery';

/** One message as a transport sends it. */
export interface Outgoing {
  id: string;
  channel: DeliveryChannel;
  to: string;
  subject: string | null;
  body: string;
  language: string;
  createdAt: string;
}

/** A send that did not happen; permanent when trying again cannot help (an address refused). */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

export interface Transport {
  send(message: Outgoing): Promise<void>;
  close?(): void;
}

export type Transports = Record<DeliveryChannel, Transport>;
