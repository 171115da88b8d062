import { createContext, useContext, type ReactNode } from 'react';
import type { CarListItem } from '@bilmarknaden/shared/api-types';

/** What a card shows beside its link: the heart, composed in by the app (components do not import features). */
export type CardAction = (car: CarListItem) => ReactNode;

const CardActionContext = createContext<CardAction | null>(null);

export function CardActionProvider({ action, children }: { action: CardAction; children: ReactNode }) {
  return <CardActionContext.Provider value={action}>{children}</CardActionContext.Provider>;
}

/** The app's card action, or null where none is provided (tests, a list without hearts). */
export function useCardAction(): CardAction | null {
  return useContext(CardActionContext);
}
