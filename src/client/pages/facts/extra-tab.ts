import type { ComponentType } from 'react';

/**
 * A tab that is not a fact section (the gallery comes with the photos work): it plugs in to
 * tabs.ts with its own component, which receives the property id, and needs nothing else in the
 * editor. Its own file so that a tab's module (gallery-tab-entry.tsx) names this type without
 * importing tabs.ts, which imports the tab: no import cycle.
 */
export interface ExtraTab {
  key: string;
  label: string;
  /** Position among the section tabs (their x-section order). */
  order: number;
  component: ComponentType<{ propertyId: number; readOnly: boolean }>;
}
