/** History state of the overview's redirect when setup is complete: the base-data page then offers the prescription tutorial (spec §2). */
export const FROM_COMPLETE_OVERVIEW = 'fromCompleteOverview';
