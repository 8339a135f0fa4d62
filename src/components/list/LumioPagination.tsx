import { Box, TablePagination, Toolbar, Typography } from '@mui/material';
import { useListPaginationContext, useTranslate } from 'react-admin';
import { PAGE_SIZE_OPTIONS } from '../../domain/paging';

const itemLabelKeys = {
  first: 'app.list.firstPage',
  last: 'app.list.lastPage',
  next: 'app.list.nextPage',
  previous: 'app.list.previousPage',
} as const;

/**
 * Footer of every list: 'Gesamt: {total}' and a paginator with first/last buttons, German labels
 * ('Seite X von Y') and the page sizes 20/50/100 of spec section 9.
 */
export function LumioPagination({
  rowsPerPageOptions = PAGE_SIZE_OPTIONS,
}: {
  rowsPerPageOptions?: readonly number[];
}) {
  const { isPending, page, perPage, total, setPage, setPerPage } = useListPaginationContext();
  const translate = useTranslate();
  if (isPending || total == null) return <Toolbar variant="dense" />;

  const pages = Math.max(1, Math.ceil(total / perPage));
  // react-admin's page is 1-based, MUI's 0-based; clamp while a shrinking result is reloading.
  const muiPage = Math.min(Math.max(page - 1, 0), pages - 1);
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', px: 2 }}
      data-testid="list-footer"
    >
      <Typography variant="body2">{translate('app.list.total', { total })}</Typography>
      {total > 0 ? (
        <TablePagination
          component="div"
          count={total}
          page={muiPage}
          rowsPerPage={perPage}
          rowsPerPageOptions={[...rowsPerPageOptions]}
          onPageChange={(_event, newPage) => setPage(newPage + 1)}
          onRowsPerPageChange={(event) => setPerPage(Number(event.target.value))}
          showFirstButton
          showLastButton
          labelRowsPerPage={translate('app.list.itemsPerPage')}
          labelDisplayedRows={({ page: shown }) => translate('app.list.pageOf', { page: shown + 1, pages })}
          getItemAriaLabel={(type) => translate(itemLabelKeys[type])}
          // On a phone the page size, 'Seite X von Y' and the four buttons wrap instead of
          // widening the page.
          sx={{
            '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', pl: 0 },
            '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
          }}
        />
      ) : null}
    </Box>
  );
}
