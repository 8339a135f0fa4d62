export { FileUpload, type FileUploadProps } from './FileUpload';
export {
  filesToUpload,
  initialUploadState,
  uploadedEntries,
  uploadReducer,
  type SelectedFile,
  type UploadAction,
  type UploadedFileEntry,
  type UploadRow,
  type UploadState,
  type UploadStatus,
} from './uploadState';
