import { Datagrid, type DatagridProps } from 'react-admin';
import { ListEmpty } from './ListEmpty';

/**
 * Datagrid with the house defaults: no selection checkboxes, the German empty states, and no row
 * click unless the resource passes one (react-admin would otherwise default to 'edit'). Column
 * headers sort through react-admin's list context.
 */
export function LumioDatagrid({ children, rowClick = false, ...props }: DatagridProps) {
  return (
    <Datagrid bulkActionButtons={false} empty={<ListEmpty />} rowClick={rowClick} {...props}>
      {children}
    </Datagrid>
  );
}
