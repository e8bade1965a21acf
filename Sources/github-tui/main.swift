import AppCore

AppLauncher.main()
