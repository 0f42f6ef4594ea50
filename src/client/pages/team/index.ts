/** The team page folder as other pages see it: the only file they may import (issue 41 §1). */
export { memberName, useTeam } from './team-api';
