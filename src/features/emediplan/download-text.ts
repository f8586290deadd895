/**
 * Hands `text` to the browser as a file to save (or, on a phone, to open: an iCalendar file
 * opens the calendar's import). Made on the device, so it works offline.
 */
export function downloadText(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // the browser reads the file after the click: the address may go once it has
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
