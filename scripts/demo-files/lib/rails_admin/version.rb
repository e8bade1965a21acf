# Made up for github-tui --demo: not the real file.
module RailsAdmin
  VERSION = "0.0.1"
end
