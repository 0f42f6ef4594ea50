/** The operator page folder as other pages see it: the only file they may import (issue 41 §1). */
export { ContractedList, PublishChip } from './contracted-list';
export type { Column, ContractedProperty } from './contracted-list';
export { operatorKeys, saveReleases, useContractedProperties, usePhotoReleases } from './operator-api';
export { ChangedHotelsPanel, ReviewsPanel } from './workspace-panels';
