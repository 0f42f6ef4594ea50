/** One chunk for everything of the shell that only signed-in users see (see signed-in-parts.ts). */
export { SideMenu } from './side-menu';
export { NotificationBell } from './notifications/notification-bell';
export { UserMenu } from './user-menu';
export { AnnouncementBanner } from './announcement-banner';
export { AppearanceSync } from './appearance-sync';
