import { styled } from '@mui/material/styles';

/**
 * The grid and every tile in one class: tiles are plain elements, states are data attributes,
 * and the position number is a CSS counter, so 200 tiles cost no style work of their own.
 */
export const GridList = styled('ol')(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
  gap: 12,
  margin: 0,
  padding: 0,
  counterReset: 'photo',
  '& > li': {
    position: 'relative',
    listStyle: 'none',
    counterIncrement: 'photo',
    borderRadius: 8,
    overflow: 'hidden',
    cursor: 'pointer',
    background: theme.palette.action.hover,
    outline: '2px solid transparent',
    aspectRatio: '4 / 3',
  },
  '& > li:focus-visible': { outline: `3px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
  '& > li[data-drop="true"]': { outline: `3px dashed ${theme.palette.primary.main}` },
  '& > li[draggable="true"]': { cursor: 'grab' },
  '& img': { width: '100%', height: '100%', objectFit: 'cover', display: 'block' },
  '& .seq, & .star, & .name, & .held': {
    position: 'absolute',
    fontSize: 12,
    lineHeight: '18px',
    padding: '0 6px',
    borderRadius: 9,
    color: '#fff',
    background: 'rgba(0,0,0,.6)',
  },
  '& .seq': { top: 6, left: 6 },
  '& .seq::before': { content: 'counter(photo)' },
  '& .star': { top: 6, right: 6, background: theme.palette.warning.dark },
  // A held-back photo says why on the thumbnail itself (issue 40 §3), above its title.
  '& .held': {
    bottom: 28,
    left: 6,
    right: 6,
    borderRadius: 4,
    background: theme.palette.error.dark,
    whiteSpace: 'normal',
  },
  '& .name': {
    bottom: 6,
    left: 6,
    right: 6,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    borderRadius: 4,
  },
}));
