export { ExportCurrentPageButton } from './ExportCurrentPageButton';
export { ListEmpty } from './ListEmpty';
export { ListSearch, SEARCH_FILTER_KEY } from './ListSearch';
export { ListToolbar } from './ListToolbar';
export { LumioDatagrid, type LumioDatagridProps, type PhoneRow } from './LumioDatagrid';
export { LumioList, type LumioListProps } from './LumioList';
export { LumioPagination } from './LumioPagination';
export { OpenRecordButton, type OpenRecordButtonProps } from './OpenRecordButton';
