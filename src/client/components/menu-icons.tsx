import type { ReactElement } from 'react';
import DashboardIcon from '@mui/icons-material/Dashboard';
import AddHomeIcon from '@mui/icons-material/AddHome';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import DescriptionIcon from '@mui/icons-material/Description';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import IosShareIcon from '@mui/icons-material/IosShare';
import PersonIcon from '@mui/icons-material/Person';
import SettingsIcon from '@mui/icons-material/Settings';
import GroupIcon from '@mui/icons-material/Group';
import HandshakeIcon from '@mui/icons-material/Handshake';
import CodeIcon from '@mui/icons-material/Code';
import TableRowsIcon from '@mui/icons-material/TableRows';
import EditNoteIcon from '@mui/icons-material/EditNote';
import RateReviewIcon from '@mui/icons-material/RateReview';
import type { MenuKey } from '../session/menu-items';

/** Icons live apart from the menu table so the table stays plain data (and unit-testable). */
export const MENU_ICONS: Record<MenuKey, ReactElement> = {
  dashboard: <DashboardIcon />,
  'add-property': <AddHomeIcon />,
  'property-facts': <FactCheckIcon />,
  portfolio: <TableRowsIcon />,
  'bulk-edit': <EditNoteIcon />,
  'fact-reviews': <RateReviewIcon />,
  'property-photos': <AddPhotoAlternateIcon />,
  'fact-sheet': <DescriptionIcon />,
  mapping: <CompareArrowsIcon />,
  stopsale: <EventBusyIcon />,
  export: <IosShareIcon />,
  'to-export': <IosShareIcon />,
  profile: <PersonIcon />,
  settings: <SettingsIcon />,
  'authorized-users': <GroupIcon />,
  partners: <HandshakeIcon />,
  'dev-tools': <CodeIcon />,
};
