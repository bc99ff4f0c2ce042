export type EntityKind =
  | 'Instrument'
  | 'User'
  | 'Category'
  | 'Admin'
  | 'Shipping zone'
  | 'Discount code'

interface Toast {
  title: string
  description?: string
}

export const deleteMessages: Record<EntityKind, { success: Toast; failure: Toast }> = {
  Instrument: {
    success: { title: 'Eliminado!', description: 'El instrumento ha sido eliminado' },
    failure: { title: 'Error', description: 'Algo salio mal' },
  },
  User: {
    success: { title: 'Deleted!', description: 'El User se elimino con exito.' },
    failure: { title: 'Error!', description: 'Algo salio mal.' },
  },
  Admin: {
    success: { title: 'Deleted!', description: 'The admin was succesfully deleted' },
    failure: { title: 'Error!', description: 'Something went wrong' },
  },
  Category: {
    success: { title: 'Se ha eliminado una Category' },
    failure: { title: 'Algo salio mal.' },
  },
  // No spec text: the failure says the server's reason.
  'Shipping zone': {
    success: { title: 'Shipping zone deleted' },
    failure: { title: 'The shipping zone was not deleted' },
  },
  'Discount code': {
    success: { title: 'Discount code deleted' },
    failure: { title: 'The discount code was not deleted' },
  },
}
