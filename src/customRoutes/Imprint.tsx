import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'ra-core';
import { useRuntime } from '../authProvider/runtime';
import { PublicLayout } from '../layout/PublicLayout';

export { IMPRINT_PATH } from '../domain/routes';

/** Public imprint (spec section 1): names the brand owner from config.json and the brand relation. */
export function Imprint() {
  const translate = useTranslate();
  const { brandOwner } = useRuntime().config;
  const rows: Array<[string, string]> = [
    [translate('app.imprint.address'), `${brandOwner.name}, ${brandOwner.address}`],
    [translate('app.imprint.register'), brandOwner.register],
    [translate('app.imprint.vatId'), brandOwner.vatId],
    [translate('app.imprint.contact'), brandOwner.contact],
  ];
  return (
    <PublicLayout>
      <Container maxWidth="md">
        <Typography component="h1" variant="h1" gutterBottom>
          {translate('app.imprint.title')}
        </Typography>
        <Typography sx={{ mb: 3 }}>{translate('app.imprint.brandStatement', { name: brandOwner.name })}</Typography>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { sm: 'max-content 1fr' }, gap: 1.5, m: 0 }}>
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" sx={{ fontWeight: 600 }}>
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </Container>
    </PublicLayout>
  );
}
