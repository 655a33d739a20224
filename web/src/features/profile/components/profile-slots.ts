import type { Item } from '@freemarket/contracts';
import type { ComponentType, ReactNode } from 'react';
import type { ProfileSectionProps } from './section';

/** Another member the viewer may pay from their profile. */
export interface Payee {
  userId: string;
  name: string;
}

/**
 * What the profile page shows from other features, passed in by the route that composes them:
 * payments from commerce, the Events tab from events, and rewards' refresh after points are earned.
 */
export interface ProfileSlots {
  /** Beside another member's name on the Personal tab (Send Money, Log Transaction, which offers a donation only to a candidate). */
  paymentActions: (payee: Payee & { isPoliticalCandidate: boolean }) => ReactNode;
  /** On another political candidate's Campaign section. */
  donateAction: (payee: Payee) => ReactNode;
  /** On an item with a price that the viewer may buy. */
  buyAction: (item: Item & { price: string }) => ReactNode;
  EventsTab: ComponentType<ProfileSectionProps>;
  /** After an action on the page that earns reward points (a business referral), so the header's balance follows. */
  onPointsEarned: () => void;
}
