/** The exports page folder as other pages see it: the only file they may import (issue 41 §1). */
export { downloadChart, fileNameOf, readFile, saveFile } from './exports-api';
export type { Downloaded } from './exports-api';
