import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { ApplicationStore } from './types';

/**
 * The studios the approval will create. They come inline with the application (no ids, no
 * paging), so this is a plain table rather than a react-admin list.
 */
export function ApplicationStores({ stores }: { stores: readonly ApplicationStore[] }) {
  const translate = useTranslate();
  if (stores.length === 0) {
    return <Typography color="text.secondary">{translate('app.list.noData')}</Typography>;
  }
  return (
    <TableContainer>
      <Table size="small" aria-label={translate('app.openApplications.stores')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.openApplications.storeName')}</TableCell>
            <TableCell>{translate('app.openApplications.storeAddress')}</TableCell>
            <TableCell>{translate('app.openApplications.storeCountry')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {stores.map((store, index) => (
            // The inline studios have no id; their order is fixed for the application.
            <TableRow key={index}>
              <TableCell>{store.name}</TableCell>
              <TableCell>{store.address}</TableCell>
              <TableCell>{store.country}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
