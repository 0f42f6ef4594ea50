/** The stop-sale page folder as other pages see it: the only file they may import (issue 41 §1). */
export { chartSaveName } from './chart-pdf';
export { OperatorAvailability } from './operator-availability';
