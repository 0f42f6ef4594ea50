/** The facts page folder as other pages see it: the only file they may import (issue 41 §1). */
export { TABS } from './tabs';
export { useFactsAccess } from './use-facts-access';
