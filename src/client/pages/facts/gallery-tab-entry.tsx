import { Suspense } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import { lazyComponent } from '../../components/lazy-page';
import type { ExtraTab } from './extra-tab';
import { useT } from '../../i18n';

const LazyGalleryTab = lazyComponent('gallery-tab', () => import('../gallery/gallery-tab').then((m) => m.GalleryTab));

/** The gallery as a tab of the facts editor; its code loads when the tab first opens. */
function GalleryTabLoader(props: { propertyId: number; readOnly: boolean }) {
  const t = useT();
  return (
    <Suspense fallback={<LinearProgress aria-label={t('facts.gallery_loading')} />}>
      <LazyGalleryTab {...props} />
    </Suspense>
  );
}

/** After the neighbouring partner hotel (order 14), as spec 001 §1 lists the sections. */
export const GALLERY_TAB: ExtraTab = { key: 'gallery', label: 'Gallery', order: 15, component: GalleryTabLoader };
