/** The widget feature as the app and the demo see it. */
export { widgetHandlers } from './handlers.js';
export { newWidgetValues } from './style.js';
export { widgetOfProperty } from './store.js';
