import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export function AboutPage() {
  return (
    <Box sx={{ maxWidth: 760, mx: 'auto', py: 2 }}>
      <Typography variant="h4" component="h1" gutterBottom sx={{ fontWeight: 600 }}>
        About Ananas
      </Typography>
      <Typography sx={{ mb: 2 }}>
        Ananas is where accommodation providers keep the facts, photos and availability of their properties, and where
        tour operators receive them through partnerships and contracts.
      </Typography>
      <Typography variant="h6" component="h2" gutterBottom>
        For hotels and other properties
      </Typography>
      <Typography sx={{ mb: 2 }}>
        Add your properties, fill in their facts once, upload photos, keep a stop-sale availability chart and send fact
        sheets, photos and calendars to your partners.
      </Typography>
      <Typography variant="h6" component="h2" gutterBottom>
        For tour operators
      </Typography>
      <Typography sx={{ mb: 2 }}>
        See the fact sheets of your partner hotels, map their hotel and room codes to your own, override facts where
        your contract allows and export what your systems need.
      </Typography>
    </Box>
  );
}
