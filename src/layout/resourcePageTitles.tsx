import { useCreateContext, useEditContext, useListContext, useShowContext } from 'react-admin';
import { usePageTitle } from './usePageTitle';

/*
 * Tab titles of react-admin's pages: the title their controller gives the page (from
 * resources.<name>.page.* in src/i18n/de), which the page's <h1> shows too. Each renders nothing;
 * place it inside the page's <List>, <Show>, <Edit> or <Create>.
 */

/** `title`: the list's own title, when it has one instead of the resource's. */
export function ListPageTitle({ title }: { title?: string }) {
  const { defaultTitle } = useListContext();
  usePageTitle(title ?? defaultTitle);
  return null;
}

export function ShowPageTitle() {
  usePageTitle(useShowContext().defaultTitle);
  return null;
}

export function EditPageTitle() {
  usePageTitle(useEditContext().defaultTitle);
  return null;
}

export function CreatePageTitle() {
  usePageTitle(useCreateContext().defaultTitle);
  return null;
}
