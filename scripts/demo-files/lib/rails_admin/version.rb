# Made up for github-tui --demo: not rails_admin's real file (its bytes were not recorded).
module RailsAdmin
  VERSION = "0.0.1"
end
