import type { SxProps, Theme } from '@mui/material/styles';

/**
 * The engine draws a form read-only as disabled controls, in the disabled grey (some 2.6:1 on
 * white). A contract's terms are the page's content, so read-only they read as text: each label
 * whole (wrapped, above its value, not cut to one line inside an outline) and each value in the
 * text colour, without the outline and the menu arrow that promise an edit. The controls stay
 * what they are, so labels still name their values for assistive technology.
 */
export const READ_ONLY_LOOK: SxProps<Theme> = (theme) => ({
  '& .MuiFormLabel-root, & .MuiFormLabel-root.Mui-disabled': {
    position: 'static',
    transform: 'none',
    whiteSpace: 'normal',
    overflow: 'visible',
    textOverflow: 'clip',
    maxWidth: 'none',
    fontSize: '0.8rem',
    lineHeight: 1.4,
    marginBottom: '2px',
    color: theme.palette.text.secondary,
  },
  '& .MuiOutlinedInput-notchedOutline': { display: 'none' },
  '& .MuiInputBase-root': { padding: 0 },
  '& .MuiInputBase-input.Mui-disabled, & .MuiSelect-select.Mui-disabled': {
    padding: 0,
    minHeight: 0,
    color: theme.palette.text.primary,
    WebkitTextFillColor: theme.palette.text.primary,
  },
  '& .MuiSelect-icon, & .MuiAutocomplete-endAdornment': { display: 'none' },
  '& .MuiFormHelperText-root': { marginLeft: 0, marginRight: 0 },
  // Yes / No buttons: the answer given in the text colour, the other still readable (fieldset: above
  // the buttons' own rules, which come later in the page's styles).
  '& fieldset button:disabled': { color: theme.palette.text.secondary },
  '& fieldset button[aria-pressed=true]:disabled': { color: theme.palette.text.primary },
  '& .MuiToggleButton-root.Mui-disabled': { color: theme.palette.text.secondary },
  '& .MuiToggleButton-root.Mui-disabled.Mui-selected': { color: theme.palette.text.primary },
});
