/** The next-steps page folder as other pages see it: the only file they may import (issue 41 §1). */
export { FreshnessBar } from './freshness-bar';
export { nextStepsKeys } from './next-steps-api';
export { HotelNextSteps, OperatorNextSteps } from './next-steps-block';
export { SheetNextSteps } from './sheet-next-steps';
