import { useMutation } from '@tanstack/react-query';

export type DownloadFormat = 'csv' | 'xlsx';

/**
 * Asks for a file URL and opens it in a new tab. The tab is opened during the click so that
 * popup blockers allow it, and pointed at the file once the URL arrives; a failure closes it.
 */
export async function openDownload(getUrl: () => Promise<{ url: string }>): Promise<string> {
  const tab = window.open('', '_blank');
  try {
    const { url } = await getUrl();
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else {
      window.open(url, '_blank', 'noopener');
    }
    return url;
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** A download of a list as CSV or XLSX (GET …/download). A failure is toasted by the query
 *  client. */
export function useDownload(getUrl: (format: DownloadFormat) => Promise<{ url: string }>) {
  return useMutation({
    mutationFn: (format: DownloadFormat) => openDownload(() => getUrl(format)),
  });
}
