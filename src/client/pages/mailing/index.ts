/** The mailing page folder as other pages see it: the only file they may import (issue 41 §1). */
export { useGroups } from './mailing-api';
