import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'ra-core';
import { useEffect, useId, useReducer, useRef, type ChangeEvent } from 'react';
import type { UploadOptions } from '../../dataProvider/publicApi';
import { DOCUMENT_CONTENT_TYPES, UPLOAD_TEXTS } from '../../domain/documents';
import { visuallyHidden } from '../visuallyHidden';
import {
  filesToUpload,
  initialUploadState,
  uploadFailureText,
  uploadReducer,
  type SelectedFile,
  type UploadedFileEntry,
  type UploadRow,
} from './uploadState';

export interface FileUploadProps {
  /** Sends one file; resolves with the document id. Any rejection marks the file as failed. */
  upload: (file: File, options: UploadOptions) => Promise<{ id: string }>;
  /** Called with the uploaded entries (non-empty id only) after each success and each deletion. */
  onChange: (entries: UploadedFileEntry[]) => void;
  /** Number of files still uploading, e.g. to hold a form back until they are done. */
  onPendingChange?: (pending: number) => void;
  disabled?: boolean;
}

const ACCEPT = DOCUMENT_CONTENT_TYPES.join(',');

const STATUS_COLOR: Record<UploadRow['status'], string> = {
  rejected: 'error.main',
  failed: 'error.main',
  uploaded: 'success.main',
  uploading: 'text.secondary',
};

/** A determinate bar; MUI's LinearProgress brings animations the budget of the public page does not need. */
function ProgressBar({ value, label }: { value: number; label: string }) {
  return (
    <Box
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      sx={{ mt: 0.5, height: 4, borderRadius: 2, bgcolor: 'action.hover', overflow: 'hidden' }}
    >
      <Box sx={{ height: '100%', width: `${value}%`, bgcolor: 'primary.main', transition: 'width 0.2s linear' }} />
    </Box>
  );
}

/**
 * The reusable document upload widget of spec section 2: multi-file selection of JPEG, PNG and
 * PDF, one row per file with name, status text, progress bar while uploading and a delete icon.
 * The state rules live in uploadState.ts.
 */
export function FileUpload({ upload, onChange, onPendingChange, disabled = false }: FileUploadProps) {
  const translate = useTranslate();
  const inputId = useId();
  const [state, dispatch] = useReducer(uploadReducer, initialUploadState);
  const nextKey = useRef(0);
  const controllers = useRef(new Map<string, AbortController>());
  const callbacks = useRef({ onChange, onPendingChange });

  useEffect(() => {
    callbacks.current = { onChange, onPendingChange };
  });

  useEffect(() => {
    if (state.emitted) callbacks.current.onChange(state.emitted);
  }, [state.emitted]);

  useEffect(() => {
    callbacks.current.onPendingChange?.(state.pending);
  }, [state.pending]);

  // Leaving the page stops uploads whose result nobody would see.
  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      running.clear();
    };
  }, []);

  const start = (key: string, file: File) => {
    const controller = new AbortController();
    controllers.current.set(key, controller);
    upload(file, {
      signal: controller.signal,
      onProgress: (fraction) => dispatch({ type: 'progress', key, fraction }),
    })
      .then(
        ({ id }) => dispatch({ type: 'succeeded', key, id }),
        (error: unknown) => dispatch({ type: 'failed', key, statusText: uploadFailureText(error) }),
      )
      .finally(() => controllers.current.delete(key));
  };

  const select = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Cleared so that choosing the same file again fires another change.
    event.target.value = '';
    if (files.length === 0) return;
    const byKey = new Map<string, File>();
    const selected: SelectedFile[] = files.map((file) => {
      nextKey.current += 1;
      const key = `file-${nextKey.current}`;
      byKey.set(key, file);
      return { key, name: file.name, type: file.type, size: file.size };
    });
    dispatch({ type: 'selected', files: selected });
    for (const { key } of filesToUpload(selected)) start(key, byKey.get(key)!);
  };

  const remove = (key: string) => {
    controllers.current.get(key)?.abort();
    controllers.current.delete(key);
    dispatch({ type: 'removed', key });
  };

  return (
    <Box>
      <Box
        component="label"
        htmlFor={inputId}
        sx={{
          position: 'relative',
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          p: 2,
          border: 1,
          borderStyle: 'dashed',
          borderColor: 'primary.main',
          borderRadius: 1,
          color: 'primary.main',
          cursor: disabled ? 'default' : 'pointer',
          opacity: disabled ? 0.6 : 1,
          '&:focus-within': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        <UploadFileOutlined aria-hidden />
        <Typography component="span" color="text.primary">
          {UPLOAD_TEXTS.label}
        </Typography>
        <Box
          component="input"
          id={inputId}
          type="file"
          multiple
          accept={ACCEPT}
          disabled={disabled}
          onChange={select}
          sx={visuallyHidden}
        />
      </Box>

      {state.rows.length > 0 ? (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 2 }}>
          {state.rows.map((row) => (
            <Box
              component="li"
              key={row.key}
              sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}
            >
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ overflowWrap: 'anywhere' }}>{row.name}</Typography>
                <Typography variant="body2" sx={{ color: STATUS_COLOR[row.status] }}>
                  {row.status === 'uploading'
                    ? translate('app.upload.uploading', { percent: Math.round(row.progress * 100) })
                    : row.statusText}
                </Typography>
                {row.status === 'uploading' ? (
                  <ProgressBar
                    value={Math.round(row.progress * 100)}
                    label={translate('app.upload.progress', { name: row.name })}
                  />
                ) : null}
              </Box>
              <IconButton aria-label={translate('app.upload.remove')} onClick={() => remove(row.key)}>
                <DeleteOutlined />
              </IconButton>
            </Box>
          ))}
        </Box>
      ) : null}

      {state.pending > 0 ? (
        <Typography role="status" sx={{ mt: 1 }} color="text.secondary">
          {UPLOAD_TEXTS.inProgress}
        </Typography>
      ) : null}
    </Box>
  );
}
