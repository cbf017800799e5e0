/**
 * 'You do not have permission to ...' alerts of spec section 6, in the same words as the server's refusals.
 * On their own: the home page's edit buttons show them too, without the rest of the admin panel's texts.
 */
export const PERMISSION_ALERTS = {
  create: "You do not have permission to create projects.",
  edit: "You do not have permission to edit projects.",
  delete: "You do not have permission to delete projects.",
} as const;
